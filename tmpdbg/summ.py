import json,sys,glob,collections
f=max(glob.glob('/tmp/prof/*.cpuprofile'), key=lambda p: __import__('os').path.getsize(p))
p=json.load(open(f))
nodes={n['id']:n for n in p['nodes']}
self=collections.Counter()
dt=p['timeDeltas']; samples=p['samples']
for s,d in zip(samples,dt):
    n=nodes[s]; cf=n['callFrame']
    self[(cf['functionName'] or '(anon)')+' '+cf['url'].split('/')[-1]+':'+str(cf['lineNumber'])]+=d
tot=sum(self.values())
for k,v in self.most_common(35): print(f"{v/1000:9.1f}ms {100*v/tot:5.1f}% {k}")
