// Browser-safe entry: nothing reachable from here may import node: modules (the web app
// bundles it). The emulator is the separate Node-only entry @csp/dymo/emulator.
export {
  DYMO_CHUNK_RETRIES,
  DYMO_CHUNK_SIZE,
  DYMO_COMMAND_TIMEOUT_MS,
  DYMO_DISCOVERY_TIMEOUT_MS,
  DYMO_HOSTS,
  DYMO_MAX_LABEL_LENGTH,
  DYMO_PORTS,
  DYMO_SCRIPT_TIMEOUT_MS,
  DYMO_SDK_VERSION,
  DYMO_SERVICE_PATH,
  DYMO_STORAGE_HOST_KEY,
  DYMO_STORAGE_PORT_KEY,
} from './constants.ts';
export { DYMO_MESSAGES } from './messages.ts';
export { DymoError, isDymoError, type DymoErrorCode } from './errors.ts';
export {
  PrintJobStatus,
  printJobStatusName,
  type PrintJobStatusCode,
  type PrintJobStatusName,
} from './job-status.ts';
export { DymoClient, type DymoClientOptions } from './client.ts';
export type { ServiceLocation } from './discovery.ts';
export { createMemoryStore, type KeyValueStore } from './storage.ts';
export {
  parsePrintersXml,
  pickLabelPrinter,
  requireLabelPrinter,
  type DymoPrinter,
} from './printers.ts';
export {
  labelSetXml,
  printParamsXml,
  renderParamsXml,
  type DymoColor,
  type FlowDirection,
  type PrintParams,
  type RenderParams,
} from './params-xml.ts';
export {
  BARCODE_POSITIONS,
  shippingLabel30256Layout,
  shippingLabel30256Xml,
  type BarcodePosition,
  type LabelBounds,
  type ShippingLabelInput,
} from './label-30256.ts';
export { setLabelLength } from './label-length.ts';
export { escapeXml } from './xml-text.ts';
export {
  chunkPayload,
  networkPayloadJson,
  printToNetworkPrinter,
  readChunkReply,
  type ChunkReply,
  type NetworkPrintOptions,
  type NetworkPrintPayload,
} from './network-printer.ts';
