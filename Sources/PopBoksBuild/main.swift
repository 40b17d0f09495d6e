import BuildSupport

BuildRunner.main(PopBoksTool.source)
