import 'pixi.js/unsafe-eval';
import { Application, BufferImageSource, Container, Graphics, Sprite, Texture } from 'pixi.js';
import { coversRange, type LaunchLayout } from '../../../protocol/views';
import { PAD, blockOrigin, fitView, gridGeometry, laneColumns, levelOf, viewFollowingFocus, visibleBlocks, zoomAt, type GridGeometry, type LaneAt, type View } from './geometry';
import { absentRects, blockTexels, laneRects, type LaneData } from './scene';
import { NO_THREAD_COLOR } from './lane-colors';

/*
 * The grid view's Pixi stage. It draws only when something changed (a new stop, a zoom or a
 * pan), never on a ticker: the whole grid as one nearest-filtered texture of a texel per block,
 * and over it, when zoomed in, the visible blocks' lanes as rectangles batched by colour into
 * one Graphics. `pixi.js/unsafe-eval` lets Pixi run under the page's CSP (no eval).
 */

/** The focused thread as the grid draws it. */
export type GridFocus = LaneAt;

/** What the view tells its owner. */
export interface GridListener {
  /** The view shows blocks [first, first + count) at lane detail: their masks are needed. */
  wantBlocks(first: number, count: number): void;
  /** The view moved (for overlays and tests). */
  viewChanged(v: View, g: GridGeometry): void;
}

/** A Pixi stage drawing one launch's lanes. */
export class PixiGrid {
  private readonly app = new Application();
  private readonly world = new Container();
  private readonly lanes = new Graphics();
  /** Hatching over the lanes of a last warp that hold no thread. */
  private readonly absent = new Graphics();
  private readonly focusRing = new Graphics();
  private tiles: Sprite | null = null;
  private geometry: GridGeometry | null = null;
  private view: View | null = null;
  /** The view is the fit of the launch to the canvas (the user has not zoomed or panned since). */
  private fitted = false;
  private data: LaneData | null = null;
  private focus: GridFocus | null = null;
  private frame = 0;
  private ready = false;

  constructor(private readonly listener: GridListener) {}

  /** Starts Pixi on a canvas of w x h pixels inside `host`. */
  async init(host: HTMLElement, w: number, h: number): Promise<void> {
    await this.app.init({ width: w, height: h, background: 0x1e1e1e, preference: 'webgl', antialias: false, autoStart: false, resolution: 1 });
    this.app.ticker.stop();
    this.app.canvas.setAttribute('aria-label', 'Grid of blocks, warps and lanes');
    host.appendChild(this.app.canvas);
    this.world.addChild(this.absent, this.lanes, this.focusRing);
    this.app.stage.addChild(this.world);
    this.ready = true;
    this.schedule();
  }

  /** The canvas Pixi draws on. */
  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  /** A launch's layout (null: no kernel runs); a new launch is fitted to the canvas. */
  setLayout(layout: LaunchLayout | null): void {
    const same = this.geometry && layout && this.geometry.layout.launch === layout.launch && JSON.stringify(this.geometry.layout) === JSON.stringify(layout);
    if (same) return;
    this.tiles?.destroy({ texture: true, textureSource: true });
    this.tiles = null;
    this.geometry = null;
    this.view = null;
    if (layout && this.ready) {
      const { width, height } = this.app.renderer;
      this.fit(layout, width, height);
    }
    this.schedule();
  }

  /** Lays the launch's blocks out for a canvas of this shape and shows all of them. */
  private fit(layout: LaunchLayout, w: number, h: number): void {
    this.geometry = gridGeometry(layout, w / h);
    this.view = fitView(this.geometry, w, h);
    this.fitted = true;
  }

  /** Lane states of the current stop. */
  setData(data: LaneData | null): void {
    this.data = data;
    this.tiles?.destroy({ texture: true, textureSource: true });
    this.tiles = null;
    this.schedule();
  }

  /** The focused thread (null when it is not in this launch). */
  setFocus(f: GridFocus | null): void {
    const old = this.focus;
    const moved = f !== null && (old === null || f.block !== old.block || f.warp !== old.warp || f.lane !== old.lane);
    this.focus = f;
    const to = moved && this.geometry && this.view && !this.fitted ? viewFollowingFocus(this.geometry, this.view, old, f) : null;
    if (to) this.view = to;
    this.schedule();
  }

  /** The current view and geometry, if a launch is shown. */
  get current(): { view: View; geometry: GridGeometry } | null {
    return this.view && this.geometry ? { view: this.view, geometry: this.geometry } : null;
  }

  /** Zooms by `factor` about canvas pixel (px, py). */
  zoom(factor: number, px: number, py: number): void {
    if (!this.view || !this.geometry) return;
    this.view = zoomAt(this.view, this.geometry, factor, px, py);
    this.fitted = false;
    this.schedule();
  }

  /** Moves the view by (dx, dy) pixels. */
  pan(dx: number, dy: number): void {
    if (!this.view) return;
    this.view = { ...this.view, x: this.view.x + dx, y: this.view.y + dy };
    this.fitted = false;
    this.schedule();
  }

  /** The canvas changed size: a fitted grid is fitted again (the panel may settle its size after the launch arrived); a zoomed or panned one keeps the world where it was, relative to the top left. */
  resize(w: number, h: number): void {
    if (!this.ready || w < 1 || h < 1) return;
    this.app.renderer.resize(w, h);
    if (this.fitted && this.geometry) {
      this.fit(this.geometry.layout, w, h);
      // The block tiles were laid out for the old shape.
      this.tiles?.destroy({ texture: true, textureSource: true });
      this.tiles = null;
    } else if (this.view) this.view = { ...this.view, w, h };
    this.schedule();
  }

  /** Draws at the next animation frame (many changes in one frame draw once). */
  private schedule(): void {
    if (!this.ready || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    const g = this.geometry;
    const v = this.view;
    this.lanes.clear();
    this.absent.clear();
    this.focusRing.clear();
    if (!g || !v || !this.data) {
      if (this.tiles) this.tiles.visible = false;
      this.app.render();
      return;
    }
    this.world.scale.set(v.scale);
    this.world.position.set(v.x, v.y);
    if (!this.tiles) {
      const source = new BufferImageSource({ resource: blockTexels(g, this.data), width: g.cols, height: g.rows, scaleMode: 'nearest' });
      this.tiles = new Sprite(new Texture({ source }));
      this.tiles.width = g.width;
      this.tiles.height = g.height;
      this.world.addChildAt(this.tiles, 0);
    }
    const level = levelOf(v);
    this.tiles.visible = level === 'blocks';
    if (level !== 'blocks') {
      // Batched by colour: one path and one fill per lane state.
      const byColor = new Map<number, number[]>();
      laneRects(g, v, this.data, (x, y, w, h, c) => {
        let list = byColor.get(c);
        if (!list) byColor.set(c, (list = []));
        list.push(x, y, w, h);
      });
      for (const [c, r] of byColor) {
        for (let i = 0; i < r.length; i += 4) this.lanes.rect(r[i]!, r[i + 1]!, r[i + 2]!, r[i + 3]!);
        this.lanes.fill(c);
      }
      this.hatchAbsent(g, v);
      const seen = visibleBlocks(g, v);
      const max = Math.max(1, Math.floor(32768 / g.layout.warpsPerBlock));
      if (seen.count > 0 && !coversRange(this.data.ranges, seen.first, Math.min(seen.count, max))) this.listener.wantBlocks(seen.first, Math.min(seen.count, max));
    }
    this.drawFocus(g, v);
    this.app.render();
    this.listener.viewChanged(v, g);
  }

  /** Lanes without a thread: a slash across each and an outline around them, so the row reads as short rather than as lanes not drawn yet. */
  private hatchAbsent(g: GridGeometry, v: View): void {
    const px = 1 / v.scale;
    const drawn = absentRects(g, v, (x, y, w, h) => {
      this.absent.rect(x + 0.08, y + 0.08, w - 0.16, h - 0.16);
      for (let k = 0; k < w; k++) this.absent.moveTo(x + k + 0.2, y + h - 0.2).lineTo(x + k + 0.8, y + 0.2);
    });
    if (drawn > 0) this.absent.stroke({ width: Math.max(px, 0.06), color: NO_THREAD_COLOR });
  }

  private drawFocus(g: GridGeometry, v: View): void {
    const f = this.focus;
    if (!f || f.block >= g.layout.blocks) return;
    const o = blockOrigin(g, f.block);
    const px = 1 / v.scale;
    if (levelOf(v) === 'blocks') {
      // A tile may be a few pixels: the ring goes just outside its cell so its colour stays visible.
      const x = o.x - PAD / 2;
      const y = o.y - PAD / 2;
      this.focusRing.rect(x - 2.5 * px, y - 2.5 * px, g.cellW + 5 * px, g.cellH + 5 * px).stroke({ width: 1.5 * px, color: 0xffffff });
      return;
    }
    // The block's outline, and the lane's ring.
    this.focusRing.rect(o.x - 0.5, o.y - 0.5, laneColumns(g.layout) + 1, g.layout.warpsPerBlock + 1).stroke({ width: 2 * px, color: 0xffffff, alpha: 0.6 });
    this.focusRing.rect(o.x + f.lane - 0.15, o.y + f.warp - 0.15, 1.3, 1.3).stroke({ width: Math.max(2 * px, 0.12), color: 0xffffff });
  }

  /** Stops Pixi and frees the GPU's resources. */
  destroy(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.ready) this.app.destroy({ removeView: true }, { children: true, texture: true, textureSource: true });
  }
}
