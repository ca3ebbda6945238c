/**
 * Billing hours and months are Beijing time, UTC+8 (D141): usage belongs to the hour and the
 * calendar month it was used in, whenever it is debited. A module of its own so that the billing
 * rules, which every guide page loads, do not pull in the price list and its text rules.
 */
export const billingUtcOffsetHours = 8;
