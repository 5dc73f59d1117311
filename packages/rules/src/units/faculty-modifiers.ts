import type { Part } from '../combat/advantage-part';

/**
 * Advantage modifiers that come from faculties (§3.1): forest adaptation,
 * light-fragile, climbers and swimmers shocking across a hexside. They apply
 * to shock and fire alike unless a part says otherwise.
 */
export const FACULTY_PARTS: Part[] = [];
