import { BlockList, isIP } from 'node:net';
import { LTI_PUBLIC_ADDRESS } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Config } from '../../config.ts';

/**
 * The addresses only the server's own computer or its private network answer: loopback, "this
 * host" (0.0.0.0/8, ::), the private ranges and link-local (cloud metadata services live at
 * 169.254.169.254). IPv4 written as IPv6 (::ffff:127.0.0.1) is matched by the IPv4 ranges.
 */
const LOCAL_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  LOCAL_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL_NETWORKS.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether `address`'s host is this computer or a private network, by its name (localhost and
 * its subdomains, RFC 6761) or its IP literal. The URL parser has already turned 0x7f000001,
 * 2130706433 and 127.1 into 127.0.0.1. A host name is not resolved: one whose DNS answers a
 * private address passes (out of scope here; it needs the check at connection time).
 */
export function isLocalAddress(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  const version = isIP(literal);
  if (version === 0) return false;
  return LOCAL_NETWORKS.check(literal, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The one rule over every learning platform address the server keeps, calls or posts to
 * (registrations, dynamic registration, a deep-linking return URL): true when this deployment
 * refuses it (LTI_LOCAL_PLATFORMS off and the address local). Off, a store's manager could
 * otherwise point the server at the operator's own services (SSRF).
 */
export function refusesPlatformAddress(
  config: Pick<Config, 'ltiLocalPlatforms'>,
  address: string,
): boolean {
  return !config.ltiLocalPlatforms && isLocalAddress(address);
}

/** 400 naming `field` when this deployment refuses `address` as a platform's. */
export function requirePlatformAddress(
  config: Pick<Config, 'ltiLocalPlatforms'>,
  field: string,
  address: string,
  message: string = LTI_PUBLIC_ADDRESS.rule,
): void {
  if (refusesPlatformAddress(config, address)) throw AppError.badRequest(message, field);
}
