/**
 * The version of the rules library, carried by every battle record and
 * export: a battle replays exactly only under the rules that played it.
 * Kept equal to packages/rules/package.json's version (a test checks it);
 * raise both whenever a change can alter how a recorded action plays out.
 */
export const RULES_VERSION = '0.1.0';
