import { deflateRawSync, inflateRawSync, brotliCompressSync, constants } from 'node:zlib';
import { followUpChain } from '../src/domain/testing/fixtures';
import { openPglite } from '../src/server/db/pglite';
const text = JSON.stringify(followUpChain(500));
const med = (a: number[]) => a.sort((x,y)=>x-y)[Math.floor(a.length/2)].toFixed(2);
let t = performance.now(); let z!: Buffer; for (let i=0;i<20;i++) z = deflateRawSync(text, { level: 1 }); console.log('deflate1', ((performance.now()-t)/20).toFixed(2), z.length);
t = performance.now(); for (let i=0;i<20;i++) z = deflateRawSync(text, { level: 6 }); console.log('deflate6', ((performance.now()-t)/20).toFixed(2), z.length);
t = performance.now(); for (let i=0;i<20;i++) inflateRawSync(z).toString('utf8'); console.log('inflate', ((performance.now()-t)/20).toFixed(2));
const db = await openPglite(undefined);
await db.query('CREATE TABLE t (id serial primary key, d text)');
await db.query('CREATE TABLE b (id serial primary key, d bytea)');
await db.query('ALTER TABLE b ALTER COLUMN d SET STORAGE EXTERNAL');
for (let round = 0; round < 2; round++) {
const a: number[] = [], c: number[] = [];
for (let i = 0; i < 30; i++) {
  let s = performance.now(); await db.transaction(async (tx) => { await tx.query('INSERT INTO t (d) VALUES ($1)', [text + i]); }); a.push(performance.now() - s);
  s = performance.now(); const zz = deflateRawSync(text + i, { level: 1 }); await db.transaction(async (tx) => { await tx.query('INSERT INTO b (d) VALUES ($1)', [zz]); }); c.push(performance.now() - s);
}
console.log('text', med(a), 'deflated bytea (incl. deflate)', med(c));
}
const r: number[] = [];
for (let i = 0; i < 20; i++) { const s = performance.now(); const { rows } = await db.query<{ d: Uint8Array }>('SELECT d FROM b WHERE id = 3'); inflateRawSync(rows[0].d).toString(); r.push(performance.now() - s); }
const r2: number[] = [];
for (let i = 0; i < 20; i++) { const s = performance.now(); await db.query('SELECT d FROM t WHERE id = 3'); r2.push(performance.now() - s); }
console.log('read bytea+inflate', med(r), 'read text', med(r2));
