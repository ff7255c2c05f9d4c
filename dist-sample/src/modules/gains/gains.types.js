export {};
//# sourceMappingURL=gains.types.js.map