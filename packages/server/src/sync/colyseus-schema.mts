/**
 * The server's ONE way to @colyseus/schema (issue 9): every server module
 * imports the library from here, never from '@colyseus/schema' directly.
 *
 * Why: the server is compiled to CommonJS, and `require('@colyseus/schema')`
 * loads the library's CommonJS build (build/index.cjs). But on Node ≥ 20.19
 * `require('@colyseus/core')` loads core's ES module build (its "exports"
 * list a "module-sync" condition first), and core imports the schema's ES
 * module build (build/index.mjs). Two copies of the library then live in the
 * process, each with its own `Encoder`: `Encoder.BUFFER_SIZE` set from the
 * server's code never reached the encoder core uses for the rooms, whose
 * full state was cut at 16 KiB (the rest sent as zeros) in large battles.
 *
 * This file is an ES module (.mts, emitted as .mjs even though the rest of
 * the server is CommonJS), so its import resolves with the "import"
 * condition to build/index.mjs: the copy core uses. The CommonJS modules
 * load it with require(), which Node ≥ 20.19 (package.json "engines")
 * allows for a synchronous ES module. app.ts checks at start-up that core
 * really uses this copy (sync/schema-library.ts).
 *
 * Under jest everything is CommonJS (jest resolves with the "require"
 * condition, core's build/index.cjs included), so jest.config.js maps this
 * module to '@colyseus/schema' itself: one copy there too.
 */
export * from '@colyseus/schema';
