// structuredClone exists in every runtime the rules run in (Node ≥ 17, browsers),
// but the rules compile without DOM or Node typings to stay environment-neutral.
declare function structuredClone<T>(value: T): T;
