/** The week as the opening-hours variables name it; kept free of zod so pages can use it cheaply. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

export type Weekday = (typeof WEEKDAYS)[number];

/** A weekday as people read it: "Monday". */
export const dayLabel = (day: Weekday): string => day[0]!.toUpperCase() + day.slice(1);
