import json,glob,collections,os
f=max(glob.glob('/tmp/prof/*.cpuprofile'), key=os.path.getsize)
p=json.load(open(f))
nodes={n['id']:n for n in p['nodes']}
parent={}
for n in p['nodes']:
    for c in n.get('children',[]): parent[c]=n['id']
def name(n):
    cf=n['callFrame']; return (cf['functionName'] or '(anon)')+' '+cf['url'].split('/')[-1]+':'+str(cf['lineNumber'])
incl=collections.Counter()
for s,d in zip(p['samples'],p['timeDeltas']):
    seen=set(); x=s
    while x is not None:
        nm=name(nodes[x])
        if nm not in seen: incl[nm]+=d; seen.add(nm)
        x=parent.get(x)
keys=['validateWorkflow','replaceDraftGraph','updateCampaignWorkflow','findCampaignState','emitEvent','authenticate','callTool','toCampaign','textResult','send ','handlePostRequest','normalisedRequest','parseArguments','stringify','parse ','(garbage','safeParse','describeTools','createMcpServer','connect ','transaction']
for k,v in incl.most_common(400):
    if any(x in k for x in keys): print(f"{v/1000:9.1f}ms {k}")
