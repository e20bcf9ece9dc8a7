import os
class Base:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        os.system(cls.cmd)
class Evil(Base):
    cmd = 'id'
