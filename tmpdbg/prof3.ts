import { followUpChain } from '../src/domain/testing/fixtures';
import { openPglite } from '../src/server/db/pglite';
const text = JSON.stringify(followUpChain(500));
const med = (a: number[]) => a.sort((x,y)=>x-y)[Math.floor(a.length/2)].toFixed(2);
const db = await openPglite(undefined);
try { await db.query("CREATE TABLE l (id int primary key, d text COMPRESSION lz4)"); console.log('lz4 ok'); } catch (e) { console.log('no lz4', (e as Error).message); }
await db.query('CREATE TABLE t (id serial primary key, d text)');
let ts: number[] = [];
for (let i=0;i<20;i++) { const s = performance.now(); await db.query('INSERT INTO t (d) VALUES ($1)', [text + i]); ts.push(performance.now()-s); }
console.log('insert', med(ts));
ts = [];
for (let i=0;i<20;i++) { const s = performance.now(); await db.query('SELECT d FROM t WHERE id = 3'); ts.push(performance.now()-s); }
console.log('select', med(ts));
ts = [];
for (let i=0;i<20;i++) { const s = performance.now(); await db.query('SELECT length($1::text)', [text]); ts.push(performance.now()-s); }
console.log('param only', med(ts));
