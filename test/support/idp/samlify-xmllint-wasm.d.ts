// The validator ships without types: it is samlify's `setSchemaValidator` shape.
declare module '@authenio/samlify-xmllint-wasm' {
  export function validate(xml: string): Promise<unknown>;
}
