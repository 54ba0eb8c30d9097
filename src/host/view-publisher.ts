import type { DebugSession } from '../debug/session.js';
import { launchLayout, laneSnapshot } from '../debug/lane-snapshot.js';
import { warpTable } from '../debug/warp-table.js';
import { sharedView } from '../debug/shared-view.js';
import type { SessionEvent } from '../protocol/messages.js';
import type { LaunchLayout } from '../protocol/views.js';
import { BlockWatches } from './block-watches.js';

/*
 * The visual panels' events: after every stop (or focus move) the launch's layout when it
 * changed, the lane states of the blocks the grid views watch, the focused warp's table and the
 * focused block's shared memory. Each grid view says which blocks it shows, so a large grid
 * sends detail only for those (for every front end's view at once).
 */

/** Blocks watched before a grid view says which it shows: enough for small grids to draw at once. */
const DEFAULT_WATCH = 64;

/** Sends the visual panels what they show. */
export class ViewPublisher {
  private layout: LaunchLayout | null = null;
  private layoutText = 'null';
  private readonly watches = new BlockWatches({ first: 0, count: DEFAULT_WATCH });
  private session: DebugSession | null = null;

  constructor(private readonly emit: (e: SessionEvent) => void) {}

  /** A new program: everything is told again. */
  reset(): void {
    this.layout = null;
    this.layoutText = '';
    this.watches.clear();
  }

  /** The stop (or focus) changed: sends every view for it. */
  stopped(s: DebugSession | null): void {
    this.session = s;
    const layout = s ? launchLayout(s) : null;
    const text = JSON.stringify(layout);
    if (text !== this.layoutText) {
      this.layoutText = text;
      this.layout = layout;
      this.emit({ kind: 'layout', layout });
    }
    this.sendLanes();
    this.emit({ kind: 'warp-table', table: s && layout ? warpTable(s, layout) : null });
    this.emit({ kind: 'shared-memory', view: s && layout ? sharedView(s, layout) : null });
  }

  /** Front end `client`'s grid view shows other blocks: the lanes of every view's blocks are sent now (when that changed them) and after every stop. */
  watchBlocks(client: number, first: number, count: number): void {
    if (this.watches.report(client, first, count)) this.sendLanes();
  }

  private sendLanes(): void {
    const s = this.session;
    const snapshot = s && this.layout ? laneSnapshot(s, this.layout, this.watches.ranges()) : null;
    this.emit({ kind: 'lane-states', snapshot });
  }
}
