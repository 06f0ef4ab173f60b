/** The server's idea of "now"; tests inject their own to travel in time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const isoNow = (clock: Clock) => clock.now().toISOString();
