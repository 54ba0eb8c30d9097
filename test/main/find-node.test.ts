import { describe, expect, it } from 'vitest';
import { NODE_NOT_FOUND, findNode, probeVersion, type VersionProbe } from '../../src/main/find-node.js';

/*
 * Which Node runs the window's session: WARPSCOPE_NODE, else npm's, else `node` on PATH, each
 * only when it runs and is Node >= 20; a WARPSCOPE_NODE that will not do is refused, not replaced.
 */

/** A probe answering from a table of executables and what `--version` prints (absent: it does not run). */
const probeOf =
  (versions: Record<string, string>): VersionProbe =>
  (exe) =>
    exe in versions ? { ok: true, output: `${versions[exe]}\n` } : { ok: false, error: `spawnSync ${exe} ENOENT` };

describe('findNode', () => {
  it('takes WARPSCOPE_NODE first', () => {
    const probe = probeOf({ '/opt/node22/bin/node': 'v22.3.0', '/usr/bin/node': 'v20.19.0', node: 'v21.0.0' });
    expect(findNode({ WARPSCOPE_NODE: '/opt/node22/bin/node', npm_node_execpath: '/usr/bin/node' }, probe)).toEqual({ ok: true, node: '/opt/node22/bin/node' });
  });

  it('refuses a WARPSCOPE_NODE that does not run, or is too old, saying why, without falling back', () => {
    const probe = probeOf({ '/old/node': 'v18.20.1', '/usr/bin/node': 'v20.19.0', node: 'v20.19.0' });
    expect(findNode({ WARPSCOPE_NODE: '/gone/node', npm_node_execpath: '/usr/bin/node' }, probe)).toEqual({
      ok: false,
      error: "WARPSCOPE_NODE is /gone/node, which cannot run Warpscope's session (spawnSync /gone/node ENOENT): set it to Node.js >= 20",
    });
    expect(findNode({ WARPSCOPE_NODE: '/old/node' }, probe)).toEqual({
      ok: false,
      error: "WARPSCOPE_NODE is /old/node, which cannot run Warpscope's session (it is Node.js v18.20.1, older than 20): set it to Node.js >= 20",
    });
  });

  it('takes npm’s Node next, then node on PATH', () => {
    const probe = probeOf({ '/usr/bin/node': 'v20.19.0', node: 'v22.0.0' });
    expect(findNode({ npm_node_execpath: '/usr/bin/node' }, probe)).toEqual({ ok: true, node: '/usr/bin/node' });
    expect(findNode({ WARPSCOPE_NODE: '' }, probe)).toEqual({ ok: true, node: 'node' });
    // npm's Node gone (or too old) is passed over for PATH's.
    expect(findNode({ npm_node_execpath: '/gone/node' }, probe)).toEqual({ ok: true, node: 'node' });
  });

  it('says Node was not found when nothing runs Node >= 20', () => {
    expect(findNode({}, probeOf({}))).toEqual({ ok: false, error: NODE_NOT_FOUND });
    expect(findNode({ npm_node_execpath: '/a' }, probeOf({ '/a': 'v16.0.0', node: 'v19.9.0' }))).toEqual({ ok: false, error: NODE_NOT_FOUND });
    // Something named node that is not Node.js (Electron's own version, another program's text).
    expect(findNode({}, probeOf({ node: 'electron 38' }))).toEqual({ ok: false, error: NODE_NOT_FOUND });
    expect(NODE_NOT_FOUND).toBe("Warpscope's session runs in Node.js, which was not found: install Node >= 20 or set WARPSCOPE_NODE");
  });

  it('probes real executables: this Node is found, a missing one is not', () => {
    expect(findNode({ WARPSCOPE_NODE: process.execPath })).toEqual({ ok: true, node: process.execPath });
    expect(probeVersion(process.execPath)).toEqual({ ok: true, output: `${process.version}\n` });
    expect(probeVersion('/nonexistent/node')).toMatchObject({ ok: false, error: expect.stringContaining('ENOENT') });
    expect(probeVersion('false')).toEqual({ ok: false, error: '`false --version` exited with status 1' });
  });
});
