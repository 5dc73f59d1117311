/**
 * Jest here runs tests as CommonJS, and on Node 20 it cannot require an
 * ES-module-only package. @colyseus/core's router needs one: `rou3`
 * (through @colyseus/better-call). This compiles such a self-contained ES
 * module to CommonJS so a test can hand it to jest.mock.
 *
 * Remove it once jest.config.js transforms rou3 itself, e.g. in the server
 * project: transformIgnorePatterns ['/node_modules/(?!rou3/)'] and
 * transform '^.+\\.m?js$' with ts-jest { tsconfig: { allowJs: true } }.
 */
import { readFileSync } from 'node:fs';
import * as ts from 'typescript';

export function loadEsmAsCommonJs(file: string): unknown {
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    // Not the real .mjs name: TypeScript would keep an .mjs file an ES module.
    fileName: 'module.js',
  });
  const module = { exports: {} as unknown };
  // The module has no imports of its own, so module and exports are all it needs.
  new Function('module', 'exports', outputText)(module, module.exports);
  return module.exports;
}
