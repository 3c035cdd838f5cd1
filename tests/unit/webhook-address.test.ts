import { expect, it } from 'vitest'
import { EXCERPT_LENGTH, excerpt, isNonPublicAddress } from '~/server/services/webhook.server'

it.each([
  '127.0.0.1',
  '127.255.255.254',
  '10.1.2.3',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '100.64.0.1',
  '100.127.255.255',
  '169.254.169.254',
  '0.0.0.0',
  '0.1.2.3',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '192.0.2.1',
  '198.18.0.1',
  '::',
  '::1',
  'fe80::1',
  'febf::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '2001:db8::1',
  // IPv4-mapped and IPv4-compatible forms, in each spelling
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '0:0:0:0:0:ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:a9fe:a9fe',
  '::127.0.0.1',
  '::7f00:1',
  '::10.0.0.1',
  '2002:7f00:1::1',
  // not an address at all
  'localhost',
  '',
])('counts %j as outside the public internet', (address) => {
  expect(isNonPublicAddress(address)).toBe(true)
})

it.each([
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '192.169.0.1',
  '11.0.0.1',
  '223.255.255.255',
  '::ffff:8.8.8.8',
  '2606:4700:4700::1111',
  '2a00:1450:4001::200e',
])('counts %j as public', (address) => {
  expect(isNonPublicAddress(address)).toBe(false)
})

it('makes an answer one line of at most 200 characters, without control or format characters', () => {
  expect(excerpt('  \u001b[2Jbad\u202e\u200bgateway\r\n\u0000\t')).toBe('[2Jbad gateway')
  expect(excerpt('')).toBe('')
  const long = excerpt('é'.repeat(1000))
  expect([...long]).toHaveLength(EXCERPT_LENGTH)
  expect(long.endsWith('é…')).toBe(true)
  // A character outside the BMP counts once and is never cut in half.
  expect([...excerpt('😀'.repeat(300))].slice(-2)).toEqual(['😀', '…'])
})
