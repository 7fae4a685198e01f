import { normalizePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['+1 (555) 010-2030', '15550102030'],
    ['+55 11 99999-0000', '5511999990000'],
    ['0044 7700 900123', '447700900123'],
    ['15550001234', '15550001234'],
    [' +44.7700.900123 ', '447700900123'],
  ])('keeps the digits of %s', (typed, digits) => {
    expect(normalizePhone(typed)).toBe(digits);
  });

  it.each([
    '',
    'not a phone',
    '555-CALL-NOW',
    '07700 900123',
    '12345',
    '+1234567890123456',
    '+44 7700 900123 ext 4',
    '1+5550001234',
  ])('refuses %j', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });
});
