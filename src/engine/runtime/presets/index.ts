import { a100Preset } from './a100.js';
import { h100Preset } from './h100.js';
import { k80Preset } from './k80.js';
import type { DevicePreset } from './types.js';

export type { DevicePreset, SmLimits } from './types.js';
export { h100Preset, a100Preset, k80Preset };

/** Every device `--device` can name, the default first. */
export const devicePresets: readonly DevicePreset[] = [h100Preset, a100Preset, k80Preset];

/** The preset called `name` (case-insensitive), or null. */
export function findPreset(name: string): DevicePreset | null {
  return devicePresets.find((p) => p.id === name.toLowerCase()) ?? null;
}
