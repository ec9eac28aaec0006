/** docs/behaviour/constants.md and the DYMO framework 3.0.0 (see /work/shared/docs/dymo-web-service.md). */

/** The ten ports the DYMO Connect web service may listen on, probed in this order. */
export const DYMO_PORTS: readonly number[] = Object.freeze(
  Array.from({ length: 10 }, (_, i) => 41951 + i),
);

/** 127.0.0.1 first; 'localhost' is the legacy host older services answer on. */
export const DYMO_HOSTS: readonly string[] = Object.freeze(['127.0.0.1', 'localhost']);

/** Path of every command under the service origin. */
export const DYMO_SERVICE_PATH = '/DYMO/DLS/Printing';

/** localStorage keys the official framework uses, kept so both share one cache. */
export const DYMO_STORAGE_PORT_KEY = 'ServicePort';
export const DYMO_STORAGE_HOST_KEY = 'ServiceHost';

export const DYMO_DISCOVERY_TIMEOUT_MS = 3000;
export const DYMO_COMMAND_TIMEOUT_MS = 10000;
export const DYMO_SDK_VERSION = '3.0.0';
/** The framework's JSONP/script loading time-out; also each network-printer chunk's time-out. */
export const DYMO_SCRIPT_TIMEOUT_MS = 5000;
export const DYMO_CHUNK_SIZE = 4000;
export const DYMO_CHUNK_RETRIES = 10;
/** Twips; also the length the framework writes for an automatic (0) length. */
export const DYMO_MAX_LABEL_LENGTH = 7200;
