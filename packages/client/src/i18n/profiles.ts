import { lang, type Lang } from './index';

/** Names of profile classes (weapon, command, morale, movement); unknown ids are shown as they are. */
const CLASSES: Record<string, { fr: string; en: string }> = {
  heavyCavalry: { fr: 'cavalerie lourde', en: 'heavy cavalry' },
  lightCavalry: { fr: 'cavalerie légère', en: 'light cavalry' },
  spearmen: { fr: 'lanciers', en: 'spearmen' },
  archers: { fr: 'archers', en: 'archers' },
  infantry: { fr: 'infanterie', en: 'infantry' },
  skirmishers: { fr: 'tirailleurs', en: 'skirmishers' },
  character: { fr: 'personnage', en: 'character' },
  mediumCavalry: { fr: 'cavalerie moyenne', en: 'medium cavalry' },
  crossbowmen: { fr: 'arbalétriers', en: 'crossbowmen' },
  artillery: { fr: 'artillerie', en: 'artillery' },
  monster: { fr: 'monstre', en: 'monster' },
  dragon: { fr: 'dragon', en: 'dragon' },
  beast: { fr: 'bête', en: 'beast' },
  massive: { fr: 'massif', en: 'massive' },
  regular: { fr: 'régulier', en: 'regular' },
  irregular: { fr: 'irrégulier', en: 'irregular' },
  normal: { fr: 'normal', en: 'normal' },
  pedestrian: { fr: 'piéton', en: 'on foot' },
  equestrian: { fr: 'monté', en: 'mounted' },
  animal: { fr: 'animal', en: 'animal' },
  wheeled: { fr: 'à roues', en: 'wheeled' },
  flying: { fr: 'volant', en: 'flying' },
  floating: { fr: 'flottant', en: 'floating' },
};

export function className(id: string, l: Lang = lang()): string {
  return CLASSES[id]?.[l] ?? id;
}
