// Range checks of a clock time and a zone offset, shared by the ISO 8601 and RFC 2822 parsers so
// that both reject the same impossible values with the same words.
import { characterPosition as position } from '../../lib/text-position';

export interface ClockField {
  value: number;
  /** UTF-16 index of the field in the input, for the error's position. */
  at: number;
}

/**
 * Checks hour/minute/second; returns a problem or undefined. `24:00:00` (all zero, fraction
 * included) is ISO 8601's end of the day and is allowed when `allow24` is set: it is the next
 * day's midnight, as in ECMAScript. Second 60 is a leap second, which Unix time cannot name (it
 * has no number of its own), so it is rejected rather than silently moved.
 */
export function checkClock(
  text: string,
  hour: ClockField,
  minute: ClockField,
  second: ClockField | undefined,
  fractionIsZero: boolean,
  allow24: boolean,
): string | undefined {
  const where = (f: ClockField) => `at position ${position(text, f.at)}`;
  if (hour.value === 24 && allow24) {
    if (minute.value !== 0 || (second?.value ?? 0) !== 0 || !fractionIsZero) {
      return `hour 24 ${where(hour)} is only allowed as 24:00:00, the end of the day`;
    }
  } else if (hour.value > 23) {
    return `hour ${hour.value} ${where(hour)} is not 00–23`;
  }
  if (minute.value > 59) return `minute ${minute.value} ${where(minute)} is not 00–59`;
  if (second && second.value === 60) {
    return `second 60 ${where(second)} is a leap second, which Unix time cannot represent`;
  }
  if (second && second.value > 59) return `second ${second.value} ${where(second)} is not 00–59`;
  return undefined;
}

/** Checks a `±HHMM` offset; returns a problem or undefined. */
export function checkOffset(text: string, hours: ClockField, minutes: ClockField): string | undefined {
  if (hours.value > 23) return `offset hours ${hours.value} at position ${position(text, hours.at)} are not 00–23`;
  if (minutes.value > 59)
    return `offset minutes ${minutes.value} at position ${position(text, minutes.at)} are not 00–59`;
  return undefined;
}
