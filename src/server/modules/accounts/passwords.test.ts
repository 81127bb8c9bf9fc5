import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from "./passwords.ts";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("password hashing", () => {
  it("keeps the production cost: argon2id, 46 MiB, 10 passes, 1 lane", async () => {
    expect(ARGON2_OPTIONS).toEqual({
      algorithm: 2,
      memoryCost: 47_104,
      timeCost: 10,
      parallelism: 1,
    });
    const stored = await hash("correct horse", ARGON2_OPTIONS);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=47104,t=10,p=1\$/);
    expect(await verifyPassword(stored, "correct horse")).toBe(true);
    expect(await verifyPassword(stored, "wrong horse")).toBe(false);
  });

  it("lowers the cost only in the test setup, never in server code", () => {
    const callers = fs
      .readdirSync(serverDir, { recursive: true })
      .map(String)
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"))
      .filter((file) => file !== path.join("modules", "accounts", "passwords.ts"))
      .filter((file) =>
        fs.readFileSync(path.join(serverDir, file), "utf8").includes("setTestArgon2Cost"),
      );
    expect(callers).toEqual([path.join("test", "setup.ts")]);
  });

  it("verifies a hash whatever cost it was made with (parameters live in the hash)", async () => {
    const cheap = await hashPassword("s3cret!");
    expect(await verifyPassword(cheap, "s3cret!")).toBe(true);
    expect(await verifyPassword("not a hash", "s3cret!")).toBe(false);
  });
});
