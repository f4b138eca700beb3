import { mkdtempSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';
import { followUpChain } from '../src/domain/testing/fixtures';
import { openPglite } from '../src/server/db/pglite';
const text = JSON.stringify(followUpChain(500));
const med = (a: number[]) => a.sort((x,y)=>x-y)[Math.floor(a.length/2)].toFixed(2);
for (const mem of [false, true]) {
  const db = await openPglite(mem ? undefined : mkdtempSync(join(tmpdir(), 'p-')));
  await db.query('CREATE TABLE t (id serial primary key, d text)');
  const a: number[] = [], b: number[] = [], c: number[] = [];
  for (let i = 0; i < 30; i++) {
    let s = performance.now();
    await db.transaction(async (tx) => { await tx.query('INSERT INTO t (d) VALUES ($1)', [text + i]); });
    a.push(performance.now() - s);
    s = performance.now(); await db.query('SELECT 1'); b.push(performance.now() - s);
    s = performance.now(); await db.query('SELECT 1'); c.push(performance.now() - s);
  }
  console.log(mem ? 'mem' : 'disk', 'tx insert', med(a), 'select after', med(b), 'select again', med(c));
  await db.close();
}
