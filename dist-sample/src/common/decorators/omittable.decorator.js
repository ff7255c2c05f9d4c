import { ValidateIf } from 'class-validator';
/**
 * The field may be left out of the body; when it is sent, its rules apply — to `null` too. `IsOptional`
 * lets `null` through, which for a field whose stored column cannot be empty turns a client's mistake
 * into a failed write; this keeps it a 400 naming the field.
 */
export const Omittable = () => ValidateIf((_, value) => value !== undefined);
//# sourceMappingURL=omittable.decorator.js.map