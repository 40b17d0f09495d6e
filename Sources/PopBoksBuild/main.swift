import BuildSupport

BuildRunner.main(PopBoksTool.tool, PopBoksTool.build)
