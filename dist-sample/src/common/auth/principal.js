export {};
//# sourceMappingURL=principal.js.map