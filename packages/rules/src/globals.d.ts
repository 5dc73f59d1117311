// structuredClone exists in every runtime the rules run in (Node ≥ 17, browsers),
// but the rules compile without DOM or Node typings to stay environment-neutral.
declare function structuredClone<T>(value: T): T;
// TextEncoder likewise (Node ≥ 11, browsers): state/hash.ts hashes UTF-8 bytes.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
// TextDecoder likewise: wire/events.ts reads the UTF-8 strings of the events it encoded.
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}
