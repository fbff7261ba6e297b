// The layers of src/, lowest first: a module imports from its own layer or a lower one,
// never a higher one, and no import (type-only ones included) closes a cycle.
const LAYERS = ["core", "types", "template", "http", "state", "api", "adapters", "octokit", "openapi", "cli"];

// The generic path: everything but the features (the Octokit conventions, route tables) and the CLI.
const GENERIC = ["core", "types", "template", "http", "state", "api", "adapters"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "A cycle of imports, type-only ones included: a mutual dependency belongs in one module.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...LAYERS.slice(0, -1).map((layer, index) => ({
      name: `no-upward-import-from-${layer}`,
      comment: `src/${layer}/ sits below ${LAYERS.slice(index + 1).join(", ")}: it imports none of them.`,
      severity: "error",
      from: { path: `^src/${layer}/` },
      to: { path: `^src/(${LAYERS.slice(index + 1).join("|")})/` },
    })),
    {
      name: "generic-path-imports-no-feature",
      comment:
        "A feature (src/octokit/, src/openapi/) plugs in through the conventions an entry passes to createEndpoint(): the generic path names none.",
      severity: "error",
      from: { path: `^src/(${GENERIC.join("|")})/` },
      to: { path: "^src/(octokit|openapi)/" },
    },
    {
      name: "features-are-apart",
      comment:
        "The Octokit conventions and route tables know nothing of each other (octokit sits below: see the layers).",
      severity: "error",
      from: { path: "^src/openapi/" },
      to: { path: "^src/octokit/" },
    },
    {
      name: "entries-only-re-export",
      comment:
        "src/index.ts, src/octokit.ts, src/openapi.ts, src/openapi-check.ts, src/openapi-tools.ts and src/response.ts are the entries: only the CLI imports one (the published one).",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/cli/" },
      to: { path: "^src/(index|octokit|openapi|openapi-tools|response|openapi-check)\\.ts$" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
  },
};
