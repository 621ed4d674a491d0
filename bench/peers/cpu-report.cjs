// Preloaded (`node --require`) into a peer client's process: when the process exits, writes the CPU it used
// (process.cpuUsage, all its threads) and its uptime to the file named by BENCH_CPU_REPORT.
const { writeFileSync } = require('node:fs');

const target = process.env.BENCH_CPU_REPORT;
if (target) {
  // Only this process reports; children inherit the environment but not the preload.
  delete process.env.BENCH_CPU_REPORT;
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(target, JSON.stringify({ cpuMs: (user + system) / 1000, uptimeMs: process.uptime() * 1000 }));
  });
}
