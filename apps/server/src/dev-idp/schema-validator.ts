import * as xmllint from '@authenio/samlify-node-xmllint';
import samlify from 'samlify';

/**
 * samlify refuses to parse messages without an XML schema validator. The xmllint one runs an
 * Emscripten build that adds an `uncaughtException` listener to the process on every call; the
 * wrapper removes them again so a long-running IdP (or a test run) does not pile them up.
 */
export function useXmllintSchemaValidator(): void {
  samlify.setSchemaValidator({
    validate: async (xml: string) => {
      const before = new Set(process.listeners('uncaughtException'));
      try {
        return await xmllint.validate(xml);
      } finally {
        for (const listener of process.listeners('uncaughtException')) {
          if (!before.has(listener)) process.off('uncaughtException', listener);
        }
      }
    },
  });
}
