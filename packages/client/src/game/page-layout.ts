import { t, type TextKey } from '../i18n';
import { h } from '../ui/dom';

/** The panes of the side panel; on a narrow screen, the tabs of the bottom sheet. */
export type Pane = 'actions' | 'unit' | 'log' | 'chat' | 'game';
const PANES: Pane[] = ['actions', 'unit', 'log', 'chat', 'game'];
const LOG_HEIGHT_KEY = 'lames.logHeight';

function storedLogHeight(): number | null {
  try {
    const v = Number(localStorage.getItem(LOG_HEIGHT_KEY));
    return Number.isFinite(v) && v >= 80 ? v : null;
  } catch {
    return null;
  }
}

/**
 * The battle page's frame: top bar, the turn banner (always in view), the map
 * taking the space, and the side panel. On a wide screen the panel is a
 * column whose log sits at its foot at a height the player drags; on a
 * narrow one (CSS, ≤ 760 px) it is a bottom sheet with one tab per pane, a
 * second tap on the open tab folding it down to give the map the screen.
 * The result card sits above the panes, in view whichever tab is open.
 */
export class PageLayout {
  readonly banner = h('div', { class: 'turn-banner', 'data-testid': 'turn-banner', role: 'status', 'aria-live': 'polite' });
  readonly result = h('div', { class: 'result-slot' });
  readonly side = h('aside', { class: 'sidebar', 'data-tab': 'actions', 'data-testid': 'sidebar' });
  private readonly tabs = new Map<Pane, HTMLButtonElement>();
  private readonly logPane: HTMLElement;

  constructor(
    readonly root: HTMLElement,
    header: HTMLElement,
    readonly map: HTMLElement,
    panes: Record<Pane, HTMLElement[]>,
  ) {
    const tabBar = h('nav', { class: 'tabs', role: 'tablist', 'aria-label': t('page.tabsLabel') });
    for (const pane of PANES) {
      const tab = h('button', { class: 'tab', role: 'tab', 'data-tab': pane, 'data-i18n': `page.tab.${pane}`, onclick: () => this.tap(pane) }, t(`page.tab.${pane}` as TextKey));
      this.tabs.set(pane, tab);
      tabBar.appendChild(tab);
    }
    const scroll = h('div', { class: 'side-scroll' });
    // what can be done first, then the piece's details, then the battle, then the table's chat
    for (const pane of ['actions', 'unit', 'game', 'chat'] as const) scroll.appendChild(h('div', { class: 'pane', 'data-pane': pane }, panes[pane]));
    const grip = h('div', { class: 'log-grip', title: t('page.logResize'), 'data-testid': 'log-grip' });
    this.logPane = h('div', { class: 'pane log-pane', 'data-pane': 'log' }, grip, panes.log);
    const height = storedLogHeight();
    if (height) this.logPane.style.setProperty('--log-h', `${height}px`);
    this.dragToResize(grip);
    this.side.append(this.result, tabBar, scroll, this.logPane);
    this.root.append(header, this.banner, h('main', { class: 'game-main' }, map, this.side));
    this.show('actions');
  }

  /** Opens a pane (its tab on a narrow screen); the sheet unfolds. */
  show(pane: Pane): void {
    this.side.dataset.tab = pane;
    delete this.side.dataset.folded;
    for (const [p, tab] of this.tabs) tab.setAttribute('aria-selected', String(p === pane));
  }

  private tap(pane: Pane): void {
    if (this.side.dataset.tab === pane && this.side.dataset.folded === undefined) this.side.dataset.folded = '';
    else this.show(pane);
  }

  /** The log's height follows the grip dragged up or down, and is remembered. */
  private dragToResize(grip: HTMLElement): void {
    grip.addEventListener('pointerdown', (down: PointerEvent) => {
      const start = this.logPane.getBoundingClientRect().height;
      const move = (e: PointerEvent) => {
        const max = Math.max(120, this.side.clientHeight - 160);
        const height = Math.round(Math.min(max, Math.max(80, start + down.clientY - e.clientY)));
        this.logPane.style.setProperty('--log-h', `${height}px`);
        try {
          localStorage.setItem(LOG_HEIGHT_KEY, String(height));
        } catch {
          /* private mode: the height lasts the page */
        }
      };
      const up = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      down.preventDefault();
    });
  }
}
