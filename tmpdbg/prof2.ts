import { mkdtempSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';
import { followUpChain } from '../src/domain/testing/fixtures';
import { openPglite } from '../src/server/db/pglite';
const text = JSON.stringify(followUpChain(500));
const med = (a: number[]) => a.sort((x,y)=>x-y)[Math.floor(a.length/2)].toFixed(2);
for (const mem of [false, true]) {
const db = await openPglite(mem ? undefined : mkdtempSync(join(tmpdir(), 'p-')));
await db.query('CREATE TABLE t (id int primary key, d text)');
await db.query('CREATE TABLE e (id int primary key, d text)');
await db.query('ALTER TABLE e ALTER COLUMN d SET STORAGE EXTERNAL');
await db.query('CREATE TABLE j (id int primary key, d jsonb)');
await db.query("INSERT INTO t VALUES (1, 'x'), (2, 'y')"); await db.query("INSERT INTO e VALUES (1, 'x')"); await db.query("INSERT INTO j VALUES (1, '{}')");
for (const [name, sql, v] of [['text', 'UPDATE t SET d = $1 WHERE id = 1', text], ['small', 'UPDATE t SET d = $1 WHERE id = 2', 'abc'], ['external', 'UPDATE e SET d = $1 WHERE id = 1', text], ['jsonb', 'UPDATE j SET d = $1 WHERE id = 1', text]] as const) {
  const ts: number[] = [];
  for (let i=0;i<20;i++) { const s = performance.now(); await db.query(sql, [v + (name==='jsonb' ? '' : String(i))]); ts.push(performance.now()-s); }
  console.log(mem ? 'mem' : 'disk', name, med(ts));
}
await db.close();
}
