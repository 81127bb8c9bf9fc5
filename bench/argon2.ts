/**
 * Time for one argon2id hash (and one verify) with the shop's parameters.
 * Run: npx tsx bench/argon2.ts [rounds]. Keep the median between 50 and 250 ms on the target
 * machine: slow enough to make guessing expensive, fast enough for sign-in under load.
 */
import {
  ARGON2_OPTIONS,
  hashPassword,
  verifyPassword,
} from "../src/server/modules/accounts/passwords.ts";

const rounds = Number(process.argv[2] ?? 20);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await hashPassword("warm-up"); // first call loads the native module
const hashTimes: number[] = [];
const verifyTimes: number[] = [];
let hash = "";
for (let i = 0; i < rounds; i++) {
  let started = performance.now();
  hash = await hashPassword(`password-${i}`);
  hashTimes.push(performance.now() - started);
  started = performance.now();
  await verifyPassword(hash, `password-${i}`);
  verifyTimes.push(performance.now() - started);
}
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(
  `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}, ${rounds} rounds`,
);
console.log(
  `hash:   median ${fmt(median(hashTimes))}, min ${fmt(Math.min(...hashTimes))}, max ${fmt(Math.max(...hashTimes))}`,
);
console.log(
  `verify: median ${fmt(median(verifyTimes))}, min ${fmt(Math.min(...verifyTimes))}, max ${fmt(Math.max(...verifyTimes))}`,
);
const ok = median(hashTimes) >= 50 && median(hashTimes) <= 250;
console.log(
  ok ? "within the 50-250 ms target" : "OUTSIDE the 50-250 ms target: retune ARGON2_OPTIONS",
);
