import json,glob,collections,os
f=max(glob.glob('/tmp/prof/*.cpuprofile'), key=os.path.getsize)
p=json.load(open(f))
nodes={n['id']:n for n in p['nodes']}
parent={}
for n in p['nodes']:
    for c in n.get('children',[]): parent[c]=n['id']
cat=collections.Counter()
for s,d in zip(p['samples'],p['timeDeltas']):
    cf=nodes[s]['callFrame']; u=cf['url']; fn=cf['functionName']
    if 'undici' in u or u.startswith('node:') or u=='':
        # attribute to nearest parent with a non-native url
        x=parent.get(s); pn=''
        while x is not None:
            pcf=nodes[x]['callFrame']
            if pcf['url'] and 'undici' not in pcf['url'] and not pcf['url'].startswith('node:'):
                pn=pcf['functionName']+'@'+pcf['url'].split('/')[-1]; break
            x=parent.get(x)
        cat[(fn or '(anon)')+' '+u.split('/')[-1]+' <- '+pn]+=d
for k,v in cat.most_common(25): print(f"{v/1000:9.1f}ms {k}")
