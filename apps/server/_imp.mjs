import v8 from 'node:v8'; import vm from 'node:vm';
v8.setFlagsFromString('--expose-gc'); const gc = vm.runInNewContext('gc');
const mb = (b) => (b / 1048576).toFixed(1);
const show = (l) => { gc(); const m = process.memoryUsage(); console.log(l.padEnd(30), 'rss', mb(m.rss), 'heap', mb(m.heapUsed)); };
show('start');
for (const mod of process.argv.slice(2)) { await import(mod); show(mod); }
