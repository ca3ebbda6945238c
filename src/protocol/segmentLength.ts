/**
 * The longest segment, in characters (D2, D47): a buffer this long without a boundary is cut, and
 * no segment bills more. A module of its own so that the billing rules can name it without
 * bundling the segmenter and the pronunciation parser into every page that shows a rule.
 */
export const maxSegmentLength = 200;
