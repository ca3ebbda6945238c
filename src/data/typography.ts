/**
 * How a range of numbers is written in prose and tables: `1 – 5,000`, an en dash with a space
 * on each side, as the reference pages' generated constraints write it
 * (src/components/schemaConstraints.ts). The copy test fails on any other form.
 */
export const rangeSeparator = ' – ';
