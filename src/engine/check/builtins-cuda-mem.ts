import type { CType } from './types.js';
import { intType, voidType } from './types.js';
import { layoutStruct } from './layout.js';

/*
 * The memory-management types and enumerators of cuda_runtime_api.h / driver_types.h (CUDA 13):
 * cudaPointerAttributes, cudaMemLocation (which CUDA 13's cudaMemPrefetchAsync and
 * cudaMemAdvise take instead of a device number) and their enums.
 */

const en = (name: string): CType => ({ kind: 'int', bits: 32, signed: true, name });
export const memoryTypeType = en('cudaMemoryType');
export const memLocationTypeType = en('cudaMemLocationType');
export const memoryAdviseType = en('cudaMemoryAdvise');

const vp: CType = { kind: 'pointer', to: voidType };

/** struct cudaPointerAttributes { cudaMemoryType type; int device; void *devicePointer; void *hostPointer; }. */
export const pointerAttributesType: CType = {
  kind: 'struct',
  info: layoutStruct('cudaPointerAttributes', false, [
    { name: 'type', type: memoryTypeType }, { name: 'device', type: intType }, { name: 'devicePointer', type: vp }, { name: 'hostPointer', type: vp },
  ], 'cudaPointerAttributes'),
};

/** struct cudaMemLocation { cudaMemLocationType type; int id; }. */
export const memLocationType: CType = {
  kind: 'struct',
  info: layoutStruct('cudaMemLocation', false, [{ name: 'type', type: memLocationTypeType }, { name: 'id', type: intType }], 'cudaMemLocation'),
};

/** Type names these headers declare. */
export const cudaMemTypedefs: readonly [string, CType][] = [
  ['cudaPointerAttributes', pointerAttributesType], ['cudaMemLocation', memLocationType], ['cudaMemoryType', memoryTypeType],
  ['cudaMemLocationType', memLocationTypeType], ['cudaMemoryAdvise', memoryAdviseType],
];

/** Enumerators these headers declare, with their enum types. */
export const cudaMemConstants: readonly [string, number, CType][] = [
  ...['Unregistered', 'Host', 'Device', 'Managed'].map((n, i): [string, number, CType] => ['cudaMemoryType' + n, i, memoryTypeType]),
  ...['Invalid', 'Device', 'Host', 'HostNuma', 'HostNumaCurrent'].map((n, i): [string, number, CType] => ['cudaMemLocationType' + n, i, memLocationTypeType]),
  ...['SetReadMostly', 'UnsetReadMostly', 'SetPreferredLocation', 'UnsetPreferredLocation', 'SetAccessedBy', 'UnsetAccessedBy'].map(
    (n, i): [string, number, CType] => ['cudaMemAdvise' + n, i + 1, memoryAdviseType],
  ),
];
