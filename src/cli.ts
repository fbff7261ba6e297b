// Placeholder until the CLI lands (issue #5).
import { endpoint } from "./index.js";

console.log(JSON.stringify(endpoint(process.argv[2] ?? "GET /"), null, 2));
