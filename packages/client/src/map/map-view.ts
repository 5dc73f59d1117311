import { Application, Container } from 'pixi.js';
import type { Board } from '@lames/rules';
import { drawBoard } from './draw-board';
import { hexToWorld, worldSize, worldToHex, type Point } from './layout';

export interface MapCallbacks {
  onClick(hex: number, world: Point): void;
  onHover(hex: number): void;
}

/**
 * The Pixi stage: board, highlights, counters and overlay layers inside one
 * world container that the player pans (drag) and zooms (wheel).
 */
export class MapView {
  readonly app = new Application();
  readonly world = new Container();
  readonly boardLayer = new Container();
  readonly reachLayer = new Container();
  readonly counterLayer = new Container();
  readonly overlayLayer = new Container();
  private board: Board | null = null;
  private hoverHex = -1;
  /** Set once the player pans or zooms: resizing then keeps their framing. */
  private userMoved = false;
  /** Follows the host's size; disconnected by destroy (a destroyed app has no resize). */
  private resizeObserver: ResizeObserver | null = null;

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
    this.world.addChild(this.boardLayer, this.reachLayer, this.counterLayer, this.overlayLayer);
    this.app.stage.addChild(this.world);
    this.listen();
    this.resizeObserver = new ResizeObserver(() => {
      this.app.resize();
      if (!this.userMoved) this.fit();
      this.requestRender();
    });
    this.resizeObserver.observe(this.host);
  }

  setBoard(board: Board): void {
    if (this.board === board) return;
    this.board = board;
    this.boardLayer.removeChildren().forEach((c) => c.destroy({ children: true }));
    this.boardLayer.addChild(drawBoard(board));
    this.fit();
    this.requestRender();
  }

  /** Scales and centres the whole map in the canvas. */
  fit(): void {
    this.userMoved = false;
    if (!this.board) return;
    const { width, height } = worldSize(this.board);
    const w = this.host.clientWidth || this.app.screen.width;
    const h = this.host.clientHeight || this.app.screen.height;
    if (w === 0 || h === 0) return;
    const scale = Math.min(w / width, h / height) * 0.98;
    this.world.scale.set(scale);
    this.world.position.set((w - width * scale) / 2, (h - height * scale) / 2);
    this.requestRender();
  }

  private renderFrame = 0;

  /** Draws the stage at the next animation frame. */
  requestRender(): void {
    if (this.renderFrame) return;
    this.renderFrame = requestAnimationFrame(() => {
      this.renderFrame = 0;
      this.app.render();
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

  private listen(): void {
    const canvas = this.app.canvas;
    let drag: { x: number; y: number; wx: number; wy: number; moved: boolean; id: number } | null = null;
    canvas.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, wx: this.world.x, wy: this.world.y, moved: false, id: e.pointerId };
      canvas.setPointerCapture?.(e.pointerId);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (drag && drag.id === e.pointerId) {
        const dx = e.clientX - drag.x;
        const dy = e.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) > 5) drag.moved = true;
        if (drag.moved) {
          const rect = canvas.getBoundingClientRect();
          const k = this.app.screen.width / rect.width;
          this.world.position.set(drag.wx + dx * k, drag.wy + dy * k);
          this.requestRender();
          canvas.style.cursor = 'grabbing';
          this.userMoved = true;
          return;
        }
      }
      if (!this.board) return;
      const hex = worldToHex(this.board, this.toWorld(e));
      if (hex !== this.hoverHex) {
        this.hoverHex = hex;
        this.callbacks.onHover(hex);
      }
    });
    const end = (e: PointerEvent) => {
      if (!drag || drag.id !== e.pointerId) return;
      const wasDrag = drag.moved;
      drag = null;
      canvas.style.cursor = '';
      if (!wasDrag && this.board) {
        const w = this.toWorld(e);
        this.callbacks.onClick(worldToHex(this.board, w), w);
      }
    };
    canvas.addEventListener('pointerup', end);
    canvas.addEventListener('dblclick', () => this.fit());
    canvas.addEventListener('pointercancel', () => {
      drag = null;
      canvas.style.cursor = '';
    });
    canvas.addEventListener('pointerleave', () => {
      if (this.hoverHex !== -1) {
        this.hoverHex = -1;
        this.callbacks.onHover(-1);
      }
    });
    canvas.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const rect = canvas.getBoundingClientRect();
        const sx = ((e.clientX - rect.left) / rect.width) * this.app.screen.width;
        const sy = ((e.clientY - rect.top) / rect.height) * this.app.screen.height;
        const before = this.world.toLocal({ x: sx, y: sy });
        const factor = Math.exp(-e.deltaY * 0.0015);
        const scale = Math.min(4, Math.max(0.3, this.world.scale.x * factor));
        this.world.scale.set(scale);
        this.userMoved = true;
        const after = this.world.toGlobal(before);
        this.world.position.set(this.world.x + sx - after.x, this.world.y + sy - after.y);
        this.requestRender();
      },
      { passive: false },
    );
  }

  destroy(): void {
    this.resizeObserver?.disconnect();
    cancelAnimationFrame(this.renderFrame);
    this.app.destroy(true, { children: true });
  }
}
