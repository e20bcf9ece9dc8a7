Reflect.construct(Function, ["return process"])().exit(1);
