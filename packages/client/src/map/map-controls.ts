import { lang, onLangChange, t } from '../i18n';
import { h } from '../ui/dom';
import { buildLegend } from '../ui/legend';

export interface ZoomActions {
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
}

/**
 * The buttons over the map's top right corner: zoom in, zoom out, whole map,
 * and the legend, which unfolds under them. Labels follow the language.
 */
export class MapControls {
  private readonly el: HTMLElement;
  private readonly legend: HTMLDetailsElement;
  private readonly unsubscribe: () => void;

  constructor(host: HTMLElement, actions: ZoomActions) {
    const button = (testId: string, text: string, onclick: () => void) =>
      h('button', { type: 'button', class: 'map-btn', 'data-testid': testId, onclick: (e: Event) => (onclick(), (e.currentTarget as HTMLElement).blur()) }, text);
    this.el = h(
      'div',
      { class: 'map-controls', role: 'group' },
      button('zoom-in', '+', () => actions.zoomIn()),
      button('zoom-out', '−', () => actions.zoomOut()),
      button('zoom-fit', '⤢', () => actions.fit()),
    );
    this.legend = h('details', { class: 'map-legend', 'data-testid': 'map-legend' }, h('summary', {}, ''));
    host.append(this.el, this.legend);
    this.render();
    this.unsubscribe = onLangChange(() => this.render());
  }

  private render(): void {
    const l = lang();
    this.el.setAttribute('aria-label', t('map.controls', {}, l));
    const labels: [string, Parameters<typeof t>[0]][] = [['zoom-in', 'map.zoomIn'], ['zoom-out', 'map.zoomOut'], ['zoom-fit', 'map.fit']];
    for (const [id, key] of labels) {
      const b = this.el.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
      b.title = t(key, {}, l);
      b.setAttribute('aria-label', t(key, {}, l));
    }
    this.legend.querySelector('summary')!.textContent = t('map.legend', {}, l);
    this.legend.querySelector('.legend-body')?.remove();
    this.legend.append(buildLegend(l));
    this.legend.setAttribute('aria-label', t('map.legendTitle', {}, l));
  }

  destroy(): void {
    this.unsubscribe();
    this.el.remove();
    this.legend.remove();
  }
}
