/** Contract 10.1 message variants: what makes them well formed, a step's data as one variant sends it, and who gets which. */
export {
  MAX_VARIANTS,
  MIN_VARIANTS,
  sentVersions,
  stepVariants,
  VARIANT_GROUP_MAX,
  VARIANT_IDS,
  VARIANT_LABEL_MAX,
  variantGroupOf,
  variantGroupSchema,
  variantLetter,
  variantLetters,
  variantProblems,
  variantSchema,
  variantsSchema,
  variantTextsOf,
  withVariant,
  type SentVersion,
  type Variant,
  type VariantId,
  type VariantProblem,
} from './variants';
export { assignedVariant, assignmentHash, variantPosition } from './assign';
