// The activation floor: nothing to load, nothing to do.
exports.activate = () => undefined;
exports.deactivate = () => undefined;
