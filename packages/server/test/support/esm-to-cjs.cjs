// Jest transformer for the few ESM-only packages the server loads through
// CommonJS builds (rou3, required by @colyseus/better-call). Node 20.19+
// loads them with require(esm); Jest's module runtime does not (before Node
// 24.9), so they are compiled to CommonJS for the tests only.
const ts = require('typescript');

module.exports = {
  process(source, filename) {
    const { outputText } = ts.transpileModule(source, {
      fileName: filename.replace(/\.mjs$/, '.js'),
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, allowJs: true, esModuleInterop: true },
    });
    return { code: outputText };
  },
};
