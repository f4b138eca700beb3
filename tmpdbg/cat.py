import json,glob,collections,os
f=max(glob.glob('/tmp/prof/*.cpuprofile'), key=os.path.getsize)
p=json.load(open(f))
nodes={n['id']:n for n in p['nodes']}
cat=collections.Counter()
for s,d in zip(p['samples'],p['timeDeltas']):
    cf=nodes[s]['callFrame']; u=cf['url']; fn=cf['functionName']
    if 'wasm' in fn or u.startswith('wasm'): k='wasm'
    elif fn in ('(idle)','(garbage collector)','(program)'): k=fn
    elif 'pglite' in u or 'pg-protocol' in u: k='pglite-js'
    elif 'modelcontextprotocol' in u: k='mcp-sdk'
    elif 'zod' in u: k='zod'
    elif 'undici' in u or u.startswith('node:') or u=='' : k='node/undici/native:'+fn[:30] if False else 'node/undici/native'
    elif 'hono' in u: k='hono'
    elif '/src/domain' in u: k='domain'
    elif '/src/server' in u: k='server'
    else: k='other:'+u.split('/')[-1]
    cat[k]+=d
tot=sum(cat.values())
for k,v in cat.most_common(25): print(f"{v/1000:9.1f}ms {100*v/tot:5.1f}% {k}")
print('total', tot/1000)
