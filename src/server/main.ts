import { boot } from "./boot.ts";

await boot("production");
