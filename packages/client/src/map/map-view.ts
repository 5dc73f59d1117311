import { Application, Container } from 'pixi.js';
import { Viewport } from 'pixi-viewport';
import { middleOf, readableZoom } from './readable-zoom';
import type { Board } from '@lames/rules';
import { drawBoard } from './draw-board';
import { hexToWorld, MARGIN, R, worldSize, worldToHex, type Point } from './layout';
import { keyBelongsToTarget, mapKeyCommand, ZOOM_STEP } from './map-keys';
import { MapControls } from './map-controls';

declare global {
  interface Window {
    /** The map's test hooks (browser tests): its zoom and where a counter is drawn. */
    __lamesMap?: { scale(): number; counterBox(id: string): { x: number; y: number; width: number; height: number } | null };
  }
}

export interface MapCallbacks {
  onClick(hex: number, world: Point): void;
  onHover(hex: number): void;
}

/** How far in and out the player may zoom, relative to the scale that fits the whole board. */
const MIN_ZOOM = 0.85;
const MAX_ZOOM = 5;
/** A touch held this long without moving shows the hex card (the touch screen's hover). */
const LONG_PRESS_MS = 500;

/**
 * The Pixi stage: board, highlights, counters and overlay layers inside a
 * pixi-viewport, which pans (drag), zooms (wheel, pinch) and tells a click
 * from a drag. Zoom buttons and the keyboard (map-keys.ts) drive the same
 * viewport. Rendering is on demand: the game is turn-based.
 */
export class MapView {
  readonly app = new Application();
  /** The world container, created by init (the viewport needs the renderer's event system). */
  world!: Viewport;
  readonly boardLayer = new Container();
  readonly reachLayer = new Container();
  readonly counterLayer = new Container();
  readonly overlayLayer = new Container();
  private board: Board | null = null;
  private hoverHex = -1;
  /** Set once the player pans or zooms: resizing then keeps their framing. */
  private userMoved = false;
  private fitScale = 1;
  /** Follows the host's size; disconnected by destroy (a destroyed app has no resize). */
  private resizeObserver: ResizeObserver | null = null;
  private controls: MapControls | null = null;
  private longPress: { timer: number; x: number; y: number } | null = null;
  /** A long press showed the hex card: the lift that ends it is not a click. */
  private swallowClick = false;
  private readonly onKey = (e: KeyboardEvent) => this.handleKey(e);

  constructor(
    private readonly host: HTMLElement,
    private readonly callbacks: MapCallbacks,
  ) {}

  async init(): Promise<void> {
    const options = {
      resizeTo: this.host,
      background: 0x27221b,
      antialias: true,
      autoDensity: true,
      resolution: Math.min(window.devicePixelRatio || 1, 2),
      preference: 'webgl' as const,
      // turn-based: draw on demand, not 60 times a second (software GL in headless browsers)
      autoStart: false,
    };
    try {
      await this.app.init(options);
    } catch (e) {
      console.warn('WebGL unavailable, falling back to the canvas renderer', e);
      await this.app.init({ ...options, preference: 'canvas' });
    }
    this.app.ticker.stop();
    this.app.canvas.classList.add('map-canvas');
    this.app.canvas.dataset.renderer = this.app.renderer.name;
    this.host.appendChild(this.app.canvas);
    this.world = this.createViewport();
    this.world.addChild(this.boardLayer, this.reachLayer, this.counterLayer, this.overlayLayer);
    this.app.stage.addChild(this.world);
    this.listen();
    this.controls = new MapControls(this.host, {
      zoomIn: () => this.zoomBy(ZOOM_STEP),
      zoomOut: () => this.zoomBy(1 / ZOOM_STEP),
      fit: () => this.fit(),
    });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.host);
    window.__lamesMap = { scale: () => this.scale, counterBox: (id) => this.counterBox(id) };
  }

  /**
   * Where a piece's counter is drawn, in page pixels, as drawn (stack offset
   * and zoom included): browser tests check that no counter of a stack is
   * covered. It tells nothing the canvas does not show.
   */
  counterBox(id: string): { x: number; y: number; width: number; height: number } | null {
    const counter = this.counterLayer.getChildByLabel(`counter:${id}`, true);
    if (!counter) return null;
    const b = counter.getBounds();
    const rect = this.app.canvas.getBoundingClientRect();
    const k = rect.width / this.app.screen.width;
    return { x: rect.left + window.scrollX + b.x * k, y: rect.top + window.scrollY + b.y * k, width: b.width * k, height: b.height * k };
  }

  /**
   * No ticker of its own (noTicker): nothing here animates, and the frame
   * callback calls `update` so the clamp plugin keeps the board in view.
   */
  private createViewport(): Viewport {
    const { width, height } = this.app.screen;
    const vp = new Viewport({ screenWidth: width, screenHeight: height, events: this.app.renderer.events, noTicker: true, passiveWheel: false, threshold: 6 });
    vp.drag({ mouseButtons: 'left' }).pinch().wheel({ smooth: false }).clamp({ direction: 'all', underflow: 'center' });
    const moved = () => {
      this.userMoved = true;
      this.requestRender();
    };
    vp.on('moved', (e) => {
      // the clamp's own corrections are not the player's doing
      if (e.type !== 'clamp-x' && e.type !== 'clamp-y') moved();
      else this.requestRender();
    });
    vp.on('zoomed', (e) => {
      if (e.type !== 'clamp-zoom') moved();
      else this.requestRender();
    });
    vp.on('clicked', (e) => {
      const ev = e.event as unknown as { button?: number };
      if (this.swallowClick) {
        this.swallowClick = false;
        return;
      }
      if ((ev.button ?? 0) !== 0 || !this.board) return;
      this.callbacks.onClick(worldToHex(this.board, e.world), { x: e.world.x, y: e.world.y });
    });
    return vp;
  }

  setBoard(board: Board): void {
    if (this.board === board) return;
    this.board = board;
    this.boardLayer.removeChildren().forEach((c) => c.destroy({ children: true }));
    this.boardLayer.addChild(drawBoard(board));
    const { width, height } = worldSize(board);
    this.world.resize(this.app.screen.width, this.app.screen.height, width, height);
    this.fit();
  }

  /** Scales and centres the whole map in the canvas. */
  fit(): void {
    if (!this.board) return;
    const { width, height } = worldSize(this.board);
    const w = this.app.screen.width;
    const h = this.app.screen.height;
    if (w === 0 || h === 0) return;
    // fit the hexes, not the whole margin around them (a little of it stays, for the edge hexes' counters)
    const trim = 2 * MARGIN * 0.5;
    this.fitScale = Math.min(w / (width - trim), h / (height - trim)) * 0.99;
    this.world.plugins.remove('clamp-zoom');
    this.world.clampZoom({ minScale: this.fitScale * MIN_ZOOM, maxScale: Math.max(this.fitScale * MAX_ZOOM, 2.5) });
    this.world.setZoom(this.fitScale);
    this.world.moveCenter(width / 2, height / 2);
    // only now: the clamp above may report a zoom, which is not the player's
    this.userMoved = false;
    this.requestRender();
  }

  /** Zooms about the centre of the canvas, within the clamp. */
  zoomBy(factor: number): void {
    const min = this.fitScale * MIN_ZOOM;
    const max = Math.max(this.fitScale * MAX_ZOOM, 2.5);
    const scale = Math.min(max, Math.max(min, this.world.scale.x * factor));
    this.world.setZoom(scale, true);
    this.userMoved = true;
    this.requestRender();
  }

  /** Moves the view by screen pixels (positive dx shows more of the east). */
  panBy(dx: number, dy: number): void {
    this.world.position.set(this.world.x - dx, this.world.y - dy);
    this.userMoved = true;
    this.requestRender();
  }

  /**
   * Brings a hex into view, for the keyboard's selection: centred on it,
   * unless `ifHidden` and it is already well inside the canvas (a candidate
   * next door should not make the map jump).
   */
  showHex(index: number, ifHidden = false): void {
    if (!this.board || index < 0) return;
    const at = hexToWorld(this.board, index);
    const seen = this.world.getVisibleBounds();
    const inside = at.x > seen.x + R && at.x < seen.x + seen.width - R && at.y > seen.y + R && at.y < seen.y + seen.height - R;
    if (ifHidden && inside) return;
    this.world.moveCenter(at.x, at.y);
    this.userMoved = true;
    this.requestRender();
  }

  /**
   * Keeps a preview readable (issue 10): zoomed in until a hex is big
   * enough to read (on a phone; a readable zoom is kept) and centred on
   * `hexes` when it zoomed or one of them is out of view.
   */
  readHexes(hexes: number[]): void {
    if (!this.board || hexes.length === 0) return;
    const scale = readableZoom(this.world.scale.x, Math.max(this.fitScale * MAX_ZOOM, 2.5));
    const points = hexes.map((hex) => hexToWorld(this.board!, hex));
    const seen = this.world.getVisibleBounds();
    const hidden = points.some((p) => p.x < seen.x + R || p.x > seen.x + seen.width - R || p.y < seen.y + R || p.y > seen.y + seen.height - R);
    if (scale === this.world.scale.x && !hidden) return;
    this.world.setZoom(scale, true);
    const c = middleOf(points);
    this.world.moveCenter(c.x, c.y);
    this.userMoved = true;
    this.requestRender();
  }

  /** The current zoom, for tests and the zoom buttons' state. */
  get scale(): number {
    return this.world.scale.x;
  }

  private resize(): void {
    this.app.resize();
    this.world.resize(this.app.screen.width, this.app.screen.height);
    if (!this.userMoved) this.fit();
    this.requestRender();
  }

  private renderFrame = 0;

  /** Draws the stage at the next animation frame. */
  requestRender(): void {
    if (this.renderFrame) return;
    this.renderFrame = requestAnimationFrame(() => {
      this.renderFrame = 0;
      // runs the clamp plugin (no ticker drives the viewport) before drawing
      this.world.update(0);
      this.app.render();
      this.app.canvas.dataset.zoom = this.world.scale.x.toFixed(3);
    });
  }

  /** Replaces the content of a layer. */
  setLayer(layer: Container, content: Container | null): void {
    layer.removeChildren().forEach((c) => c.destroy({ children: true }));
    if (content) layer.addChild(content);
    this.requestRender();
  }

  /** Centre of a hex in page pixels (for tests and tooltips). */
  hexCenter(index: number): Point {
    if (!this.board) return { x: NaN, y: NaN };
    const w = hexToWorld(this.board, index);
    const rect = this.app.canvas.getBoundingClientRect();
    const p = this.world.toGlobal(w);
    const sx = rect.width / this.app.screen.width;
    const sy = rect.height / this.app.screen.height;
    return { x: rect.left + window.scrollX + p.x * sx, y: rect.top + window.scrollY + p.y * sy };
  }

  private toWorld(e: { clientX: number; clientY: number }): Point {
    const rect = this.app.canvas.getBoundingClientRect();
    const x = ((e.clientX - rect.left) / rect.width) * this.app.screen.width;
    const y = ((e.clientY - rect.top) / rect.height) * this.app.screen.height;
    return this.world.toLocal({ x, y });
  }

  private hexAt(e: { clientX: number; clientY: number }): number {
    return this.board ? worldToHex(this.board, this.toWorld(e)) : -1;
  }

  private hover(hex: number): void {
    if (hex === this.hoverHex) return;
    this.hoverHex = hex;
    this.callbacks.onHover(hex);
  }

  /** Hover with a mouse or pen; a touch shows the hex card by a long press instead. */
  private listen(): void {
    const canvas = this.app.canvas;
    canvas.addEventListener('pointermove', (e) => {
      if (this.longPress && Math.hypot(e.clientX - this.longPress.x, e.clientY - this.longPress.y) > 8) this.cancelLongPress();
      if (e.pointerType === 'touch' || e.buttons !== 0) return;
      this.hover(this.hexAt(e));
    });
    canvas.addEventListener('pointerdown', (e) => {
      if (e.pointerType !== 'touch') return;
      this.cancelLongPress();
      this.swallowClick = false;
      // a new touch puts the card away; holding still brings it back for this hex
      this.hover(-1);
      const hex = this.hexAt(e);
      const timer = window.setTimeout(() => {
        this.longPress = null;
        this.swallowClick = true;
        this.hover(hex);
      }, LONG_PRESS_MS);
      this.longPress = { timer, x: e.clientX, y: e.clientY };
    });
    canvas.addEventListener('pointerup', () => this.cancelLongPress());
    canvas.addEventListener('pointercancel', () => this.cancelLongPress());
    canvas.addEventListener('dblclick', () => this.fit());
    canvas.addEventListener('pointerleave', (e) => {
      if (e.pointerType !== 'touch') this.hover(-1);
    });
    window.addEventListener('keydown', this.onKey);
  }

  private cancelLongPress(): void {
    if (!this.longPress) return;
    clearTimeout(this.longPress.timer);
    this.longPress = null;
  }

  private handleKey(e: KeyboardEvent): void {
    if (e.defaultPrevented || keyBelongsToTarget(e.target as Element | null)) return;
    // a modal dialog owns the keyboard while it is open
    if (document.querySelector('[aria-modal="true"]')) return;
    const cmd = mapKeyCommand(e);
    if (!cmd) return;
    e.preventDefault();
    if (cmd.kind === 'pan') this.panBy(cmd.dx, cmd.dy);
    else if (cmd.kind === 'zoom') this.zoomBy(cmd.factor);
    else this.fit();
  }

  destroy(): void {
    delete window.__lamesMap;
    window.removeEventListener('keydown', this.onKey);
    this.cancelLongPress();
    this.controls?.destroy();
    this.resizeObserver?.disconnect();
    cancelAnimationFrame(this.renderFrame);
    this.app.destroy(true, { children: true });
  }
}
