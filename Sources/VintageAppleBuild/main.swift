import BuildSupport

BuildRunner.main(VintageAppleTool.tool, VintageAppleTool.build)
