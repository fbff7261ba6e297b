import * as esbuild from "esbuild"; import zlib from "zlib";
for (const code of [`export {Immer, freeze} from "immer"`, `export {parseTemplate} from "url-template"`, `export * from "./dist/index.js"`]) {
  const r = await esbuild.build({ stdin: { contents: code, resolveDir: process.cwd() }, bundle: true, minify: true, format: "esm", write: false, external: code.includes("dist") ? ["immer","url-template"] : [] });
  console.log(code, r.outputFiles[0].contents.length, zlib.gzipSync(r.outputFiles[0].contents).length);
}
